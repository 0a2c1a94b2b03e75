/**
 * @module The image gallery with slideshow (docs/product.md "Image gallery"; Global
 * settings: Slideshow): Swiper with virtual slides, zoom, thumbnails or dots, autoplay and the configured transition.
 * The slides are the image siblings in the listing's order; the current one is the routed file.
 */
import { useEffect, useMemo, useRef, useState } from "react";
import { Swiper, SwiperSlide } from "swiper/react";
import { Autoplay, EffectCreative, EffectFade, Pagination, Thumbs, Virtual } from "swiper/modules";
import type { Swiper as SwiperInstance } from "swiper";
import { ChevronLeft, ChevronRight, Pause, Play, ZoomIn, ZoomOut } from "lucide-react";
import { useTranslation } from "react-i18next";
import { useLocation } from "wouter";
import type { Resource } from "../../../api/resources";
import { inlineUrl } from "../../../api/urls";
import { config } from "../../../stores/config";
import { useCurrentResource } from "../../../stores/current-resource";
import { useImageVersions, versionedUrl } from "../../../stores/preview-processed";
import { filesRoute, resourcePathOf } from "../../../format/encode-path";
import { usePreviewSiblings } from "../usePreviewSiblings";
import { mainSwiperOptions } from "./gallery-params";
import { GalleryThumbs } from "./GalleryThumbs";
import { registerGallery } from "./gallery-control";
import { useSlideshow } from "./useSlideshow";
import { useImageZoom } from "./useImageZoom";
import { GALLERY_MAX_ZOOM } from "./zoom-math";

const MODULES = [Virtual, Thumbs, Pagination, Autoplay, EffectCreative, EffectFade];

/** The images of the folder of `file` in display order (the file alone until its folder is loaded). */
function useSlides(file: Resource): readonly Resource[] {
  const { listing } = useCurrentResource();
  const siblings = usePreviewSiblings(file, listing as Resource | null);
  const images = useMemo(() => siblings.filter((i) => !i.isDir && i.type === "image"), [siblings]);
  const listed = images.some((i) => i.path === file.path);
  // Listed: the same array as long as the folder does not change, whichever image is shown.
  return useMemo(() => (listed ? images : [file]), [listed, images, file]);
}

/** The gallery of `file` and its image siblings; `token` is the media token of their folder. */
export default function ImageGallery({ file, token }: { file: Resource; token: string }) {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const slides = useSlides(file);
  // The route, not the loaded resource, says which image is current: the resource lags one request behind.
  const routed = resourcePathOf(window.location.pathname, config.baseURL);
  const found = slides.findIndex((s) => s.path === routed);
  const index =
    found >= 0
      ? found
      : Math.max(
          0,
          slides.findIndex((s) => s.path === file.path),
        );
  const [main, setMain] = useState<SwiperInstance | null>(null);
  const [thumbs, setThumbs] = useState<SwiperInstance | null>(null);
  const [active, setActive] = useState(index);
  const settings = config.slideshow;
  const options = useMemo(() => mainSwiperOptions(settings), [settings]);
  const gallery = useRef<HTMLDivElement>(null);
  const slideshow = useSlideshow(main, settings.autoplaySlide, gallery);
  const zoom = useImageZoom(main);
  const versions = useImageVersions();
  const slidesRef = useRef(slides);
  slidesRef.current = slides;

  // The route moved without the gallery (opened by URL, the folder arrived, the bar): show that image at once.
  useEffect(() => {
    if (main && !main.destroyed && main.activeIndex !== index) main.slideTo(index, 0, false);
    setActive(index);
  }, [main, index, slides]);

  useEffect(() => {
    if (!main) return;
    return registerGallery({
      prev: () => main.slidePrev(),
      next: () => main.slideNext(),
      toggleSlideshow: slideshow.toggle,
      zoomIn: zoom.zoomIn,
      zoomOut: zoom.zoomOut,
      leaveSlideshow: slideshow.leave,
    });
  }, [main, slideshow.toggle, slideshow.leave, zoom.zoomIn, zoom.zoomOut]);

  const onSlideChange = (s: SwiperInstance) => {
    const to = slidesRef.current[s.activeIndex];
    setActive(s.activeIndex);
    zoom.reset();
    if (to && to.path !== resourcePathOf(window.location.pathname, config.baseURL))
      navigate(filesRoute(to.path), { replace: true });
  };
  const atStart = active === 0 && !settings.continuous;
  const atEnd = active === slides.length - 1 && !settings.continuous;
  const arrow = (label: string, icon: React.ReactNode, onClick: () => void, disabled: boolean, side: string) => (
    <button
      type="button"
      className={`gallery-arrow gallery-arrow-${side}`}
      aria-label={label}
      title={label}
      disabled={disabled}
      onClick={onClick}
    >
      {icon}
    </button>
  );
  const playLabel = slideshow.running ? t("preview.gallery.stopSlideshow") : t("preview.gallery.startSlideshow");
  const zoomButton = (label: string, icon: React.ReactNode, onClick: () => void, disabled: boolean) => (
    <button
      type="button"
      className="gallery-zoom-btn"
      aria-label={label}
      title={label}
      disabled={disabled}
      onClick={onClick}
    >
      {icon}
    </button>
  );
  return (
    <div
      className="gallery"
      ref={gallery}
      role="group"
      aria-roledescription={t("preview.gallery.label")}
      aria-label={file.name}
    >
      {settings.autoplayProgressBar && slideshow.running && (
        <div className="gallery-progress" role="progressbar" aria-label={t("preview.gallery.timeLeft")}>
          <span ref={slideshow.progressRef} />
        </div>
      )}
      <Swiper
        className="gallery-main"
        modules={MODULES}
        {...options}
        initialSlide={index}
        thumbs={{ swiper: thumbs && !thumbs.destroyed ? thumbs : null }}
        onSwiper={setMain}
        onSlideChange={onSlideChange}
        {...slideshow.handlers}
      >
        {slides.map((img, i) => (
          // The neighbours are mounted for the transitions only: assistive technology reads the shown image.
          <SwiperSlide key={img.path} virtualIndex={i} aria-hidden={i !== active}>
            <img
              className="preview-image gallery-image"
              src={versionedUrl(inlineUrl(img.path, token), versions[img.path])}
              alt={img.name}
              draggable={false}
            />
          </SwiperSlide>
        ))}
      </Swiper>
      {slides.length > 1 &&
        arrow(t("preview.previous"), <ChevronLeft aria-hidden />, () => main?.slidePrev(), atStart, "prev")}
      {slides.length > 1 &&
        arrow(t("preview.next"), <ChevronRight aria-hidden />, () => main?.slideNext(), atEnd, "next")}
      <div className="gallery-tools">
        <div className="gallery-zoom" role="group" aria-label={t("preview.gallery.zoom")}>
          {zoomButton(t("preview.gallery.zoomOut"), <ZoomOut aria-hidden />, zoom.zoomOut, zoom.scale <= 1)}
          {zoomButton(t("preview.gallery.zoomIn"), <ZoomIn aria-hidden />, zoom.zoomIn, zoom.scale >= GALLERY_MAX_ZOOM)}
        </div>
        {slides.length > 1 && (
          <button
            type="button"
            className="gallery-play"
            aria-label={playLabel}
            title={playLabel}
            aria-pressed={slideshow.running}
            onClick={slideshow.toggle}
          >
            {slideshow.running ? <Pause aria-hidden /> : <Play aria-hidden />}
          </button>
        )}
      </div>
      {settings.showThumbIndicator && slides.length > 1 && (
        <GalleryThumbs
          slides={slides}
          current={active}
          token={token}
          onPick={(i) => main?.slideTo(i)}
          onSwiper={setThumbs}
        />
      )}
    </div>
  );
}
