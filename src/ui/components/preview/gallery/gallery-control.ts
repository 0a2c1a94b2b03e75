/**
 * @module The open gallery's controls, for the preview's keys (docs/product.md "Image gallery"). The gallery's code
 * loads after the preview: until it registers, the preview moves by route.
 */

/** What the preview's keys ask of the gallery. */
export interface GalleryControl {
  prev: () => void;
  next: () => void;
  toggleSlideshow: () => void;
  zoomIn: () => void;
  zoomOut: () => void;
  /** Stops a running slideshow and leaves its full screen; false when there was none (Esc then closes the preview). */
  leaveSlideshow: () => boolean;
}

let current: GalleryControl | null = null;

/** Makes `control` the open gallery's; returns the function that withdraws it (on unmount). */
export function registerGallery(control: GalleryControl): () => void {
  current = control;
  return () => {
    if (current === control) current = null;
  };
}

/** The open gallery's controls, or null while none is ready. */
export function galleryControl(): GalleryControl | null {
  return current;
}
