import type { PointerEvent } from "react";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Eraser } from "lucide-react";
import type { FormComponent } from "@cohort/common/callout-form";
import { Button } from "../../../ui/button";
import { cx } from "../../../ui/class-names";
import { FieldFrame } from "./field-frame";
import { useField } from "./use-field";

const HEIGHT = 180;

function pointIn(canvas: HTMLCanvasElement, event: PointerEvent<HTMLCanvasElement>) {
  const box = canvas.getBoundingClientRect();
  return { x: event.clientX - box.left, y: event.clientY - box.top };
}

/** A pad to sign on with a finger, pen or mouse; the signature is kept as a PNG image. */
export function SignatureControl({ component }: { component: FormComponent }) {
  const { t } = useTranslation();
  const field = useField(component);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const isDrawing = useRef(false);
  const signature = typeof field.value === "string" ? field.value : undefined;
  // The image to paint when the pad is first drawn (coming back to the slide keeps the signature).
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
  }, []);

  const handlePointerDown = (event: PointerEvent<HTMLCanvasElement>) => {
    const canvas = canvasRef.current;
    const context = canvas?.getContext("2d");
    if (!canvas || !context) return;
    canvas.setPointerCapture(event.pointerId);
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
    field.setValue(undefined);
    field.touch();
  };

  return (
    <FieldFrame
      controlId={field.id}
      label={field.label}
      description={field.description ?? t("callouts.form.signatureHint")}
      error={field.error}
      isRequired={field.isRequired}
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
            id={field.id}
            tabIndex={0}
            role="img"
            aria-label={signature ? t("callouts.form.signatureImage") : t("callouts.form.signaturePad")}
            {...field.aria}
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
          <Button variant="secondary" size="sm" icon={<Eraser aria-hidden className="size-4" />} onClick={handleClear}>
            {t("callouts.form.clearSignature")}
          </Button>
        </div>
      )}
    </FieldFrame>
  );
}
