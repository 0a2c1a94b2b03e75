/**
 * @module Make torrent dialog (docs/product.md "Make torrent", "Task params", "Task defaults"): announce, private,
 * piece length 18-26 (default 22), comment, source, name, output.
 */
import { useTranslation } from "react-i18next";
import { TORRENT_PIECE_EXP } from "../../../shared/wire/task";
import { formatSize } from "../../format/format-size";
import { CheckField, SelectField, TextField } from "../settings/fields";
import { submitTask, TaskPrompt, useTaskParams } from "./TaskPrompt";

const EXPONENTS = Array.from(
  { length: TORRENT_PIECE_EXP.max - TORRENT_PIECE_EXP.min + 1 },
  (_, i) => TORRENT_PIECE_EXP.min + i,
);

/** Makes a .torrent of `path` in the background. */
export function MakeTorrentPrompt({ path }: { path: string }) {
  const { t } = useTranslation();
  const { params, set } = useTaskParams("mktorrent");
  // A piece is 2^exp bytes: 18 = 256 KiB ... 26 = 64 MiB.
  const pieces = EXPONENTS.map((e) => ({ value: String(e), label: `${formatSize(2 ** e)} (2^${e})` }));
  return (
    <TaskPrompt
      title={t("prompts.makeTorrent.title")}
      path={path}
      onSubmit={() => submitTask("mktorrent", path, params)}
    >
      <div className="task-field-wide">
        <TextField
          label={t("prompts.makeTorrent.announce")}
          value={params.announce}
          onChange={set("announce")}
          type="url"
        />
      </div>
      <SelectField
        label={t("prompts.makeTorrent.pieceLength")}
        value={String(params.pieceLength)}
        onChange={(v) => set("pieceLength")(Number(v))}
        options={pieces}
      />
      <CheckField label={t("prompts.makeTorrent.private")} checked={params.isPrivate} onChange={set("isPrivate")} />
      <TextField label={t("prompts.makeTorrent.comment")} value={params.comment} onChange={set("comment")} />
      <TextField label={t("prompts.makeTorrent.source")} value={params.source} onChange={set("source")} />
      <TextField
        label={t("prompts.makeTorrent.name")}
        value={params.torrentName}
        onChange={set("torrentName")}
        hint={t("prompts.makeTorrent.nameHint")}
      />
      <TextField
        label={t("prompts.makeTorrent.output")}
        value={params.torrentOutput}
        onChange={set("torrentOutput")}
        hint={t("prompts.makeTorrent.outputHint")}
      />
    </TaskPrompt>
  );
}
