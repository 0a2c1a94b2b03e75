/** @module Type of the embedded libvips file import (`with { type: "file" }` gives its path). */
declare module "*.so.8.18.7" {
  const path: string;
  export default path;
}
