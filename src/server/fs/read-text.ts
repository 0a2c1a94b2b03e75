/** @module Text content of small files for the editor and preview. */
import { readFile } from "node:fs/promises";
import { TEXT_CONTENT_MAX_BYTES } from "../constants";

/** UTF-8 content of a file under TEXT_CONTENT_MAX_BYTES (5 MiB, CONTRACT), or undefined when larger. */
export async function readTextContent(abs: string, size: number): Promise<string | undefined> {
  if (size >= TEXT_CONTENT_MAX_BYTES) return undefined;
  return readFile(abs, "utf8");
}
