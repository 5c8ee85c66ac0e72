import { Button, cn } from "@gallery/ui";
import { Moon, Sun } from "lucide-react";
import { useTheme } from "../../lib/theme";

interface ThemeToggleProps {
  /** "icon": the bar's icon button; "row": a labelled row of the phone's drawer. */
  layout?: "icon" | "row";
  className?: string;
}

/** Dark theme on or off (a toggle button: its pressed state says which), remembered on this device. */
export function ThemeToggle({ layout = "icon", className }: ThemeToggleProps) {
  const [theme, setTheme] = useTheme();
  const dark = theme === "dark";
  const Icon = dark ? Sun : Moon;
  return (
    <Button
      variant="ghost"
      size={layout === "icon" ? "icon" : "default"}
      aria-label={layout === "icon" ? "Dark theme" : undefined}
      aria-pressed={dark}
      title={dark ? "Switch to the light theme" : "Switch to the dark theme"}
      onClick={() => setTheme(dark ? "light" : "dark")}
      className={cn(
        layout === "row" && "h-11 w-full justify-start px-3 text-base font-medium text-muted-foreground [&_svg]:size-5",
        className,
      )}
    >
      <Icon className={layout === "icon" ? "size-5" : undefined} aria-hidden />
      {layout === "row" && "Dark theme"}
    </Button>
  );
}
