/** @module A growing UTF-8 buffer for large response bodies built piece by piece. */

/** A growing UTF-8 buffer written with TextEncoder.encodeInto, hashing each piece as it is written. */
export class ByteSink {
  private buf: Uint8Array;
  private at = 0;
  private readonly enc = new TextEncoder();
  readonly hashes: string[] = [];

  /** `estimate`: the bytes expected in all (a good guess saves copies). */
  constructor(estimate: number) {
    this.buf = new Uint8Array(estimate);
  }

  /** Appends `text` as UTF-8, growing the buffer (by half, or to what the text needs) when it is full. */
  write(text: string): void {
    const start = this.at;
    let rest = text;
    for (;;) {
      const { read, written } = this.enc.encodeInto(rest, this.buf.subarray(this.at));
      this.at += written;
      if (read === rest.length) break;
      rest = rest.slice(read);
      const next = new Uint8Array(Math.max(Math.ceil(this.buf.length * 1.5), this.at + 3 * rest.length));
      next.set(this.buf.subarray(0, this.at));
      this.buf = next;
    }
    this.hashes.push(Bun.hash(this.buf.subarray(start, this.at)).toString(36));
  }

  /** The bytes written: a view when the unused tail is small, else a copy of the exact size. */
  bytes(): Uint8Array {
    return this.buf.length - this.at > this.at / 4 ? this.buf.slice(0, this.at) : this.buf.subarray(0, this.at);
  }
}
