import type { PointerEvent, RefObject } from "react";
import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Eraser } from "lucide-react";
import type { FormComponent } from "@cohort/common/callout-form";
import { Button } from "../../../ui/button";
import { cx } from "../../../ui/class-names";
import { FieldFrame } from "./field-frame";
import { controlClasses, frameProps, useField } from "./use-field";

const HEIGHT = 180;

function pointIn(canvas: HTMLCanvasElement, event: PointerEvent<HTMLCanvasElement>) {
  const box = canvas.getBoundingClientRect();
  return { x: event.clientX - box.left, y: event.clientY - box.top };
}

/** Writes a typed name across the pad, as a keyboard's way to sign. */
function writeName(canvas: HTMLCanvasElement, name: string) {
  const context = canvas.getContext("2d");
  if (!context) return;
  context.clearRect(0, 0, canvas.width, canvas.height);
  context.font = "italic 40px cursive, serif";
  context.textBaseline = "middle";
  context.fillStyle = getComputedStyle(canvas).color;
  context.fillText(name, 16, HEIGHT / 2, canvas.clientWidth - 32);
}

/**
 * Sizes the pad for the screen's pixels and sets the pen, once; a signature already given is
 * painted on it (coming back to the slide keeps the signature).
 */
function usePreparedPad(canvasRef: RefObject<HTMLCanvasElement | null>, signature: string | undefined) {
  // The image to paint when the pad is first drawn.
  const initialSignature = useRef(signature);
  useEffect(() => {
    const canvas = canvasRef.current;
    const context = canvas?.getContext("2d");
    if (!canvas || !context) return;
    const scale = window.devicePixelRatio || 1;
    canvas.width = Math.round(canvas.clientWidth * scale);
    canvas.height = Math.round(HEIGHT * scale);
    context.scale(scale, scale);
    context.lineWidth = 2.5;
    context.lineCap = "round";
    context.lineJoin = "round";
    context.strokeStyle = getComputedStyle(canvas).color;
    if (initialSignature.current) {
      const image = new Image();
      image.onload = () => context.drawImage(image, 0, 0, canvas.clientWidth, HEIGHT);
      image.src = initialSignature.current;
    }
  }, [canvasRef]);
}

/**
 * A pad to sign on with a finger, pen or mouse, or by typing one's name; the
 * signature is kept as a PNG image either way.
 */
export function SignatureControl({ component }: { component: FormComponent }) {
  const { t } = useTranslation();
  const field = useField(component);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const isDrawing = useRef(false);
  // The pad is for pointers; the keyboard signs by typing a name (the field's first control).
  const typedId = useId();
  const [typedName, setTypedName] = useState("");
  const signature = typeof field.value === "string" ? field.value : undefined;
  usePreparedPad(canvasRef, signature);

  const handlePointerDown = (event: PointerEvent<HTMLCanvasElement>) => {
    const canvas = canvasRef.current;
    const context = canvas?.getContext("2d");
    if (!canvas || !context) return;
    canvas.setPointerCapture(event.pointerId);
    if (typedName) {
      context.clearRect(0, 0, canvas.width, canvas.height);
      setTypedName("");
    }
    isDrawing.current = true;
    const { x, y } = pointIn(canvas, event);
    context.beginPath();
    context.moveTo(x, y);
    context.lineTo(x + 0.01, y);
    context.stroke();
  };

  const handlePointerMove = (event: PointerEvent<HTMLCanvasElement>) => {
    const canvas = canvasRef.current;
    const context = canvas?.getContext("2d");
    if (!isDrawing.current || !canvas || !context) return;
    const { x, y } = pointIn(canvas, event);
    context.lineTo(x, y);
    context.stroke();
  };

  const handlePointerUp = () => {
    if (!isDrawing.current) return;
    isDrawing.current = false;
    const canvas = canvasRef.current;
    if (canvas) field.setValue(canvas.toDataURL("image/png"));
    field.touch();
  };

  const handleClear = () => {
    const canvas = canvasRef.current;
    canvas?.getContext("2d")?.clearRect(0, 0, canvas.width, canvas.height);
    setTypedName("");
    field.setValue(undefined);
    field.touch();
  };

  const handleTyped = (name: string) => {
    setTypedName(name);
    const canvas = canvasRef.current;
    if (!canvas) return;
    writeName(canvas, name);
    field.setValue(name.trim() ? canvas.toDataURL("image/png") : undefined);
  };

  return (
    <FieldFrame
      {...frameProps(field)}
      description={field.description ?? t("callouts.form.signatureHint")}
      descriptionLang={field.description ? field.textLang : undefined}
      isGroup
    >
      {field.isReadOnly ? (
        signature && (
          <img
            src={signature}
            alt={t("callouts.form.signatureImage")}
            className="h-44 rounded-lg bg-white ring-1 ring-body/15"
          />
        )
      ) : (
        <div className="space-y-2">
          <canvas
            ref={canvasRef}
            role="img"
            aria-label={signature ? t("callouts.form.signatureImage") : t("callouts.form.signaturePad")}
            onPointerDown={handlePointerDown}
            onPointerMove={handlePointerMove}
            onPointerUp={handlePointerUp}
            onPointerCancel={handlePointerUp}
            style={{ height: HEIGHT }}
            className={cx(
              "focus-ring block w-full touch-none rounded-lg bg-white text-body ring-1",
              field.error ? "ring-danger" : "ring-body/25",
            )}
          />
          <div className="space-y-1">
            <label htmlFor={typedId} className="block text-sm font-medium text-body">
              {t("callouts.form.typedSignature")}
            </label>
            <input
              id={typedId}
              type="text"
              autoComplete="name"
              value={typedName}
              aria-invalid={field.aria["aria-invalid"]}
              onChange={(event) => handleTyped(event.target.value)}
              onBlur={field.touch}
              className={`${controlClasses(false)} h-11 sm:max-w-xs`}
            />
          </div>
          <Button variant="secondary" size="sm" icon={<Eraser aria-hidden className="size-4" />} onClick={handleClear}>
            {t("callouts.form.clearSignature")}
          </Button>
        </div>
      )}
    </FieldFrame>
  );
}
