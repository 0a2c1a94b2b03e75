/**
 * @module The audio preview's player (docs/product.md "Audio player": playlist player): one <audio> element, the
 * folder's playlist and the tags of its tracks, kept outside React so that the preview of the next track in the same
 * folder takes the playing element over instead of starting a new one. Plays through the folder and stops after its
 * last track.
 */
import { proxy, ref, useSnapshot } from "valtio";
import type { Resource } from "../api/resources";
import { fetchPlaylist, fetchProbe, type ProbedResource } from "../api/media";
import { inlineUrl } from "../api/urls";
import { parentPath } from "../format/encode-path";

/** The probe answer of a track, "loading" while asked, "failed" when the server could not read it. */
export type TrackProbe = ProbedResource | "loading" | "failed";

interface PlayerState {
  /** The folder the playlist is of ("/music/"), null when no preview holds the player. */
  folder: string | null;
  tracks: readonly Resource[];
  /** Index of the current track in `tracks`. */
  index: number;
  list: "loading" | "ready" | "failed";
  /** The failure of the playlist call, for its sentence. */
  listError: unknown;
  playing: boolean;
  probes: Record<string, TrackProbe>;
}

const state = proxy<PlayerState>({
  folder: null,
  tracks: [],
  index: -1,
  list: "loading",
  listError: null,
  playing: false,
  probes: {},
});
let element: HTMLAudioElement | null = null;
let token = "";
/** The track the element's `src` points at, "" before the first load. */
let loadedPath = "";
let session = 0;
let releaseTimer: ReturnType<typeof setTimeout> | null = null;
let showTrack: ((path: string) => void) | null = null;

/** Snapshot of the player for rendering. */
export function useAudioPlayer() {
  return useSnapshot(state);
}

/** The <audio controls> element, made once; `ended` moves on to the next track. */
function audio(): HTMLAudioElement {
  if (element) return element;
  const el = document.createElement("audio");
  el.controls = true;
  el.preload = "auto";
  el.className = "audio-element";
  el.addEventListener("play", () => void (state.playing = true));
  el.addEventListener("pause", () => void (state.playing = false));
  el.addEventListener("ended", () => {
    if (state.index + 1 < state.tracks.length) selectTrack(state.index + 1, true);
  });
  element = el;
  return el;
}

/** Points the element at the current track (once the media token is known) and plays it when `play`. */
function load(play: boolean): void {
  const track = state.tracks[state.index];
  if (!track) return;
  const el = audio();
  el.setAttribute("aria-label", track.name);
  if (!token) return; // setPlayerToken loads it when the token arrives
  el.src = inlineUrl(track.path, token);
  loadedPath = track.path;
  // Autoplay may be refused before the user touched the page: the controls stay there to start it.
  if (play) el.play().catch(() => {});
  void probeTrack(track.path);
}

/** Fetches the tags of `path` once; a failure only leaves the file name to show. */
async function probeTrack(path: string): Promise<void> {
  if (state.probes[path]) return;
  state.probes[path] = "loading";
  try {
    state.probes[path] = ref(await fetchProbe(path));
  } catch {
    state.probes[path] = "failed";
  }
}

/**
 * Makes track `index` of the playlist current and plays it when `play`; the preview's route follows (replacing the
 * history entry) so the bar and the URL name the track.
 */
export function selectTrack(index: number, play: boolean): void {
  if (index < 0 || index >= state.tracks.length) return;
  state.index = index;
  load(play);
  showTrack?.(state.tracks[index].path);
}

/**
 * Shows `file` in the player: in the folder already playing, it becomes the current track (playing on if the player
 * was playing); otherwise a new session starts with the folder's playlist, playing `file`.
 */
export function openTrack(file: Resource): void {
  cancelRelease();
  const folder = parentPath(file.path);
  const known = state.folder === folder ? state.tracks.findIndex((t) => t.path === file.path) : -1;
  if (known >= 0) {
    if (known !== state.index) {
      state.index = known;
      load(state.playing);
    }
    return;
  }
  const id = ++session;
  Object.assign(state, { folder, tracks: ref([file]), index: 0, list: "loading", listError: null, probes: {} });
  load(true);
  fetchPlaylist(file.path, "audio").then(
    (list) => {
      if (id !== session) return;
      const current = state.tracks[state.index];
      // A track the listing hides (rules, hidden files) still plays, at the top.
      const tracks = list.some((t) => t.path === current.path) ? list : [current, ...list];
      Object.assign(state, {
        tracks: ref(tracks),
        index: tracks.findIndex((t) => t.path === current.path),
        list: "ready",
      });
    },
    (err: unknown) => {
      if (id === session) Object.assign(state, { list: "failed", listError: ref({ err }) });
    },
  );
}

/** The media token of the folder: URLs of later tracks carry it; the first track waits for it. */
export function setPlayerToken(next: string): void {
  token = next;
  const track = state.tracks[state.index];
  if (token && track && track.path !== loadedPath) load(true);
}

/** Puts the element into `host` and routes track changes through `navigate` (the preview's route). */
export function attachPlayer(host: HTMLElement, navigate: (path: string) => void): void {
  cancelRelease();
  showTrack = navigate;
  host.appendChild(audio());
}

/**
 * The preview let go of the player. A preview of the next track takes it over in the same commit; when none does,
 * playback stops and the session ends once the current task is over.
 */
export function detachPlayer(): void {
  cancelRelease();
  releaseTimer = setTimeout(release, 0);
}

function cancelRelease(): void {
  if (releaseTimer !== null) clearTimeout(releaseTimer);
  releaseTimer = null;
}

function release(): void {
  releaseTimer = null;
  session++;
  showTrack = null;
  if (element) {
    element.pause();
    element.removeAttribute("src");
    element.load();
  }
  token = "";
  loadedPath = "";
  Object.assign(state, {
    folder: null,
    tracks: ref([]),
    index: -1,
    list: "loading",
    listError: null,
    playing: false,
    probes: {},
  });
}
