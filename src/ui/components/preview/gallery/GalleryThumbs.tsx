/**
 * @module The gallery's thumbnail strip (docs/product.md "Slideshow settings": show thumbnails): one server thumbnail
 * per image, 100 px wide (docs/product.md "Slideshow and video defaults"), the current one marked. Virtual: only the
 * thumbnails around the current one are mounted.
 */
import { Swiper, SwiperSlide } from "swiper/react";
import { Thumbs, Virtual } from "swiper/modules";
import type { Swiper as SwiperInstance } from "swiper";
import { useTranslation } from "react-i18next";
import type { Resource } from "../../../api/resources";
import { thumbnailUrl } from "../../../api/urls";
import { useImageVersions, versionedUrl } from "../../../stores/preview-processed";
import { SLIDESHOW_THUMB_GAP_PX, SLIDESHOW_THUMB_WIDTH, thumbPixelWidth, thumbsPerView } from "./gallery-params";

/**
 * Thumbnails of `slides`; `current` is marked and a click or Enter on another calls `onPick(index)`. `onSwiper`
 * hands the strip to the main Swiper's Thumbs module, which keeps the current thumbnail in view.
 */
export function GalleryThumbs(props: {
  slides: readonly Resource[];
  current: number;
  token: string;
  onPick: (index: number) => void;
  onSwiper: (s: SwiperInstance) => void;
}) {
  const { slides, current, token, onPick, onSwiper } = props;
  const { t } = useTranslation();
  const versions = useImageVersions();
  // Thumbnails are 100 px wide (docs/product.md "Slideshow and video defaults"): Swiper sizes them and counts how many
  // fit; a strip more on each side is mounted.
  const extra = thumbsPerView(window.innerWidth);
  const width = thumbPixelWidth(window.devicePixelRatio);
  return (
    <Swiper
      className="gallery-thumbs"
      modules={[Thumbs, Virtual]}
      onSwiper={onSwiper}
      initialSlide={current}
      slidesPerView="auto"
      spaceBetween={SLIDESHOW_THUMB_GAP_PX}
      centerInsufficientSlides
      watchSlidesProgress
      virtual={{
        enabled: true,
        slidesPerViewAutoSlideSize: SLIDESHOW_THUMB_WIDTH,
        addSlidesBefore: extra,
        addSlidesAfter: extra,
      }}
    >
      {slides.map((img, i) => (
        <SwiperSlide
          key={img.path}
          virtualIndex={i}
          role="button"
          tabIndex={0}
          aria-label={t("preview.gallery.showImage", { name: img.name })}
          aria-current={i === current ? "true" : undefined}
          onClick={() => onPick(i)}
          onKeyDown={(e: React.KeyboardEvent) => {
            if (e.key !== "Enter" && e.key !== " ") return;
            e.preventDefault();
            onPick(i);
          }}
        >
          <img
            src={versionedUrl(thumbnailUrl(img.path, token, width), versions[img.path])}
            alt=""
            loading="lazy"
            draggable={false}
          />
        </SwiperSlide>
      ))}
    </Swiper>
  );
}
