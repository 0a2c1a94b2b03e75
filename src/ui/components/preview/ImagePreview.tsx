/** @module Image preview (SPEC §2 Preview: image gallery with slideshow). */
import type { Resource } from "../../api/resources";
import { inlineUrl } from "../../api/urls";

/** Shows the image `file`. */
export function ImagePreview({ file, token }: { file: Resource; token: string }) {
  return <img className="preview-image" src={inlineUrl(file.path, token)} alt={file.name} />;
}
