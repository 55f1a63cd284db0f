import type { LucideIcon } from "lucide-react";
import {
  AtSign,
  Calendar,
  CheckSquare,
  CircleDot,
  Clock,
  Coins,
  FileText,
  Hash,
  Heading,
  Link,
  ListChecks,
  ListCollapse,
  MapPin,
  PanelTop,
  PenLine,
  Phone,
  Square,
  SquareStack,
  TextCursorInput,
  Upload,
} from "lucide-react";
import type { ComponentType } from "@cohort/common/callout-form";

const icons: Record<ComponentType, LucideIcon> = {
  content: Heading,
  address: MapPin,
  checkbox: CheckSquare,
  currency: Coins,
  datetime: Calendar,
  email: AtSign,
  file: Upload,
  number: Hash,
  phoneNumber: Phone,
  select: ListCollapse,
  radio: CircleDot,
  selectboxes: ListChecks,
  signature: PenLine,
  textarea: FileText,
  textfield: TextCursorInput,
  time: Clock,
  url: Link,
  panel: Square,
  tabs: PanelTop,
  well: SquareStack,
};

export function ComponentTypeIcon({ type, className }: { type: ComponentType; className?: string }) {
  const Icon = icons[type];
  return <Icon aria-hidden className={className} />;
}
