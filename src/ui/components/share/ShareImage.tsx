/**
 * @module A shared image for a visitor: zoom with the wheel, a double click, a pinch or the + and − buttons (and
 * keys), pan by dragging while zoomed; at normal size a horizontal swipe asks for the next or previous photo.
 */
import { useEffect, useRef, useState, type PointerEvent as ReactPointerEvent } from "react";
import { ZoomIn, ZoomOut } from "lucide-react";
import { useTranslation } from "react-i18next";
import { clampZoom, swipeDirection, ZOOM_STEP, ZOOM_DOUBLE_CLICK } from "../../stores/public-share-rules";

interface View {
  scale: number;
  x: number;
  y: number;
}

const NORMAL: View = { scale: 1, x: 0, y: 0 };

/** The image at `src`; `onSwipe(+1 | -1)` hears a swipe at normal size (none when absent). */
export function ShareImage({ src, name, onSwipe }: { src: string; name: string; onSwipe?: (by: 1 | -1) => void }) {
  const { t } = useTranslation();
  const [view, setView] = useState<View>(NORMAL);
  const pointers = useRef(new Map<number, { x: number; y: number }>());
  const gesture = useRef<{ startX: number; startY: number; pinch: number; scale: number } | null>(null);
  const zoomBy = (factor: number) =>
    setView((v) => (clampZoom(v.scale * factor) === 1 ? NORMAL : { ...v, scale: clampZoom(v.scale * factor) }));
  useEffect(() => setView(NORMAL), [src]);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "+" || e.key === "=") zoomBy(ZOOM_STEP);
      else if (e.key === "-") zoomBy(1 / ZOOM_STEP);
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);
  const distance = () => {
    const [a, b] = [...pointers.current.values()];
    return a && b ? Math.hypot(a.x - b.x, a.y - b.y) : 0;
  };
  const down = (e: ReactPointerEvent) => {
    e.currentTarget.setPointerCapture(e.pointerId);
    pointers.current.set(e.pointerId, { x: e.clientX, y: e.clientY });
    gesture.current = { startX: e.clientX, startY: e.clientY, pinch: distance(), scale: view.scale };
  };
  const move = (e: ReactPointerEvent) => {
    const last = pointers.current.get(e.pointerId);
    if (!last) return;
    pointers.current.set(e.pointerId, { x: e.clientX, y: e.clientY });
    const g = gesture.current;
    if (pointers.current.size === 2 && g && g.pinch > 0) {
      const scale = clampZoom((g.scale * distance()) / g.pinch);
      setView((v) => (scale === 1 ? NORMAL : { ...v, scale }));
    } else if (pointers.current.size === 1) {
      setView((v) => (v.scale > 1 ? { ...v, x: v.x + e.clientX - last.x, y: v.y + e.clientY - last.y } : v));
    }
  };
  const up = (e: ReactPointerEvent) => {
    const g = gesture.current;
    pointers.current.delete(e.pointerId);
    if (pointers.current.size > 0) return;
    gesture.current = null;
    const by = g && view.scale === 1 && g.pinch === 0 ? swipeDirection(e.clientX - g.startX, e.clientY - g.startY) : 0;
    if (by && onSwipe) onSwipe(by);
  };
  return (
    <>
      <div
        className="share-image"
        data-zoom={view.scale}
        onWheel={(e) => zoomBy(e.deltaY < 0 ? ZOOM_STEP : 1 / ZOOM_STEP)}
        onDoubleClick={() => setView((v) => (v.scale > 1 ? NORMAL : { ...NORMAL, scale: ZOOM_DOUBLE_CLICK }))}
        onPointerDown={down}
        onPointerMove={move}
        onPointerUp={up}
        onPointerCancel={up}
      >
        <img
          className="preview-image"
          src={src}
          alt={name}
          draggable={false}
          style={{ transform: `translate(${view.x}px, ${view.y}px) scale(${view.scale})` }}
        />
      </div>
      {/* Beside the gesture area, not in it: its pointer capture would take the buttons' clicks. */}
      <div className="share-zoom" role="group" aria-label={t("sharePage.zoom")}>
        <button
          type="button"
          className="icon-btn"
          aria-label={t("sharePage.zoomOut")}
          title={t("sharePage.zoomOut")}
          disabled={view.scale <= 1}
          onClick={() => zoomBy(1 / ZOOM_STEP)}
        >
          <ZoomOut size={20} aria-hidden />
        </button>
        <button
          type="button"
          className="icon-btn"
          aria-label={t("sharePage.zoomIn")}
          title={t("sharePage.zoomIn")}
          onClick={() => zoomBy(ZOOM_STEP)}
        >
          <ZoomIn size={20} aria-hidden />
        </button>
      </div>
    </>
  );
}
