import { Label } from "@gallery/ui";
import type { MouseEvent } from "react";

export type Focus = { x: number; y: number };

interface Props {
  /** The picture as chosen (a local preview, or the listing's current one). */
  src: string;
  focus: Focus;
  onChange: (focus: Focus) => void;
  disabled?: boolean;
}

const clamp = (value: number) => Math.min(100, Math.max(0, Math.round(value)));

/**
 * Where the card's 2:3 crop of the picture is centred: a click on the whole picture sets the point, two
 * sliders set it by keyboard, and the card's crop is previewed beside it.
 */
export function FocusPicker({ src, focus, onChange, disabled }: Props) {
  const pick = (event: MouseEvent<HTMLButtonElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    onChange({
      x: clamp(((event.clientX - box.left) / box.width) * 100),
      y: clamp(((event.clientY - box.top) / box.height) * 100),
    });
  };
  const slider = (axis: keyof Focus, label: string) => (
    <div className="space-y-1">
      <Label htmlFor={`focus-${axis}`} className="text-xs">
        {label}
      </Label>
      <input
        id={`focus-${axis}`}
        type="range"
        min={0}
        max={100}
        value={focus[axis]}
        disabled={disabled}
        onChange={(event) => onChange({ ...focus, [axis]: Number(event.target.value) })}
        className="w-full accent-primary"
      />
    </div>
  );
  return (
    <fieldset className="space-y-2" disabled={disabled}>
      <legend className="text-sm font-medium">Focal point</legend>
      <p className="text-xs text-muted-foreground">Click the picture to choose what the card keeps in view.</p>
      <div className="flex items-start gap-4">
        <button
          type="button"
          onClick={pick}
          aria-label="Set the focal point where you click"
          className="relative shrink-0 cursor-crosshair overflow-hidden rounded-md border bg-muted focus-visible:outline-2 focus-visible:outline-ring"
        >
          {/* At its own proportions, so the click's place in the box is its place in the picture. */}
          <img src={src} alt="" className="block h-40 w-auto max-w-48" />
          <span
            aria-hidden
            className="absolute size-3 -translate-x-1/2 -translate-y-1/2 rounded-full border-2 border-white bg-primary shadow"
            style={{ left: `${focus.x}%`, top: `${focus.y}%` }}
          />
        </button>
        <figure className="shrink-0 space-y-1">
          <img
            src={src}
            alt="Card preview"
            className="aspect-[2/3] w-20 rounded-md border object-cover"
            style={{ objectPosition: `${focus.x}% ${focus.y}%` }}
          />
          <figcaption className="text-center text-xs text-muted-foreground">Card</figcaption>
        </figure>
        <div className="min-w-0 flex-1 space-y-2">
          {slider("x", "Left to right")}
          {slider("y", "Top to bottom")}
        </div>
      </div>
    </fieldset>
  );
}
