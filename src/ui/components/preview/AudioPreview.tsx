/** @module Audio preview (SPEC §2 Preview: playlist player). */
import type { Resource } from "../../api/resources";
import { inlineUrl } from "../../api/urls";
import { FileIcon } from "../listing/FileIcon";

/** Plays the audio `file`. */
export function AudioPreview({ file, token }: { file: Resource; token: string }) {
  return (
    <div className="preview-card">
      <FileIcon isDir={false} type="audio" size={72} />
      <h2>{file.name}</h2>
      <audio className="preview-audio" src={inlineUrl(file.path, token)} controls aria-label={file.name} />
    </div>
  );
}
