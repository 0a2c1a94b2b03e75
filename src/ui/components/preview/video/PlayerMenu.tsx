/**
 * @module A menu button of the video controls (quality, subtitles): a popup of radio items above the bar. Its keys
 * (arrows, Home, End, Esc) are its own: they are marked handled so the preview's video keys leave them alone.
 */
import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from "react";

/** One choice of a menu. */
export interface MenuChoice {
  readonly id: string;
  readonly label: string;
}

const MOVES: Record<string, (i: number, n: number) => number> = {
  ArrowDown: (i, n) => (i + 1) % n,
  ArrowUp: (i, n) => (i - 1 + n) % n,
  Home: () => 0,
  End: (_i, n) => n - 1,
};

/**
 * A button named `label` (showing `icon`) opening the menu of `choices`; `selected` is checked; `onSelect` hears the
 * chosen id and the menu closes, focus back on the button.
 */
export function PlayerMenu({
  label,
  icon,
  choices,
  selected,
  onSelect,
}: {
  label: string;
  icon: ReactNode;
  choices: readonly MenuChoice[];
  selected: string;
  onSelect: (id: string) => void;
}) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const items = () => Array.from(root.current?.querySelectorAll<HTMLElement>("[role=menuitemradio]") ?? []);
  useEffect(() => {
    if (!open) return;
    items()
      .find((el) => el.getAttribute("aria-checked") === "true")
      ?.focus();
    const outside = (e: PointerEvent) => root.current?.contains(e.target as Node) || setOpen(false);
    document.addEventListener("pointerdown", outside);
    return () => document.removeEventListener("pointerdown", outside);
  }, [open]);
  const close = () => {
    setOpen(false);
    button.current?.focus();
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (!open) return;
    if (e.key === "Tab") return setOpen(false);
    const move = MOVES[e.key];
    if (e.key === "Escape" || e.key === "q") close();
    else if (move) {
      const all = items();
      all[move(all.indexOf(document.activeElement as HTMLElement), all.length)]?.focus();
    } else return;
    e.preventDefault();
  };
  return (
    <div className="player-menu" ref={root} onKeyDown={onKeyDown}>
      <button
        ref={button}
        type="button"
        className="player-btn"
        aria-label={label}
        title={label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        onClick={() => setOpen(!open)}
      >
        {icon}
      </button>
      {open && (
        <div className="player-menu-popup" role="menu" id={id} aria-label={label}>
          {choices.map((c) => (
            <button
              key={c.id}
              type="button"
              role="menuitemradio"
              aria-checked={c.id === selected}
              tabIndex={-1}
              onClick={() => {
                onSelect(c.id);
                close();
              }}
            >
              {c.label}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
