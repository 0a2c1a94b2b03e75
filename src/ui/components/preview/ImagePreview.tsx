/**
 * @module Image preview (docs/product.md "Image gallery": image gallery with slideshow); the gallery's code loads with
 * the first image.
 */
import { lazy, Suspense } from "react";
import type { Resource } from "../../api/resources";
import { inlineUrl } from "../../api/urls";

const ImageGallery = lazy(() => import("./gallery/ImageGallery"));

/** Shows the image `file` in the gallery of its folder; the plain image stands in while the gallery loads. */
export function ImagePreview({ file, token }: { file: Resource; token: string }) {
  const plain = <img className="preview-image" src={inlineUrl(file.path, token)} alt={file.name} />;
  return (
    <Suspense fallback={plain}>
      <ImageGallery file={file} token={token} />
    </Suspense>
  );
}
