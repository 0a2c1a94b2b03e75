/** @module Types of the `webtorrent-fixtures` package (it ships none): the part the torrent fixture tests read. */
declare module "webtorrent-fixtures" {
  /** Per fixture (leaves, numbers, lotsOfNumbers, bunny, sintel, ...): its file and parse-torrent's reading of it. */
  const fixtures: Record<string, { torrentPath: string; parsedTorrent: Record<string, any> }>;
  export default fixtures;
}
