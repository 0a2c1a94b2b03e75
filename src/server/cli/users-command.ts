/**
 * @module `fbe users ls|add|update|rm` (docs/interfaces.md "Command line for scripts"): the same checks as the users
 * API, run straight on the database, acting as an admin.
 */
import type { Database } from "bun:sqlite";
import { UsageError } from "../config/load";
import { findUserById, findUserByName, listUsers } from "../db/users-table";
import { changeUser, createUser, removeUser } from "../users/user-service";
import { getUserDefaults } from "../settings/settings-service";
import { presentUser } from "../presenters/user";
import { ALL_PERMISSIONS, type User } from "../users/types";
import { NotFound } from "../errors";
import type { CliArgs, OptionKind } from "./parse-args";

const PERMISSIONS = Object.keys(ALL_PERMISSIONS);
const STRING_OPTIONS = ["scope", "locale", "viewMode", "theme", "commands", "password", "username", "sorting.by"];
const BOOLEAN_OPTIONS = ["lockPassword", "singleClick", "showHidden", "sorting.asc"];

/** Kinds of the options of `users add|update`: `--perm.<name>`, `--scope /x`, `--locale xx`, `--lockPassword`... */
export function userOptionKind(name: string): OptionKind | undefined {
  if (name.startsWith("perm.") && PERMISSIONS.includes(name.slice(5))) return "boolean";
  if (STRING_OPTIONS.includes(name)) return "string";
  if (BOOLEAN_OPTIONS.includes(name)) return "boolean";
  return undefined;
}

/** Runs one `users` sub-command and returns the lines to print. @throws UsageError, or the API's HTTP errors. */
export async function runUsersCommand(db: Database, rootReal: string | null, args: CliArgs): Promise<string[]> {
  const [sub, ...pos] = args.positionals;
  const print = (u: User, verb: string) =>
    args.json ? [json(presentUser(u, 0))] : [`${verb} user ${u.id} ${u.username}`];
  switch (sub) {
    case "ls": {
      const users = listUsers(db);
      if (args.json) return [json(users.map((u) => presentUser(u, 0)))];
      return [
        "ID\tUSERNAME\tSCOPE\tADMIN\tLOCALE",
        ...users.map((u) => `${u.id}\t${u.username}\t${u.scope}\t${u.perm.admin}\t${u.locale}`),
      ];
    }
    case "add": {
      if (pos.length !== 2)
        throw new UsageError("usage: fbe users add NAME PASSWORD [--perm.admin] [--scope /x] [--locale xx] ...");
      const data = { ...userData(db, args), username: pos[0], password: pos[1] };
      return print(await createUser(db, data, { rootReal }), "created");
    }
    case "update": {
      if (pos.length !== 1)
        throw new UsageError("usage: fbe users update NAME|ID [--password P] [--scope /x] [--perm.X[=false]] ...");
      const target = lookUp(db, pos[0]);
      const data = userData(db, args, target);
      const operator: User = { ...target, id: 0, perm: { ...ALL_PERMISSIONS } };
      const user = await changeUser(db, rootReal, operator, target.id, {
        what: "user",
        which: Object.keys(data),
        data,
      });
      return print(user, "updated");
    }
    case "rm": {
      if (pos.length !== 1) throw new UsageError("usage: fbe users rm NAME|ID");
      const target = lookUp(db, pos[0]);
      removeUser(db, target.id);
      return args.json
        ? [json({ deleted: target.id, username: target.username })]
        : [`deleted user ${target.id} ${target.username}`];
    }
    default:
      throw new UsageError(`unknown command: fbe users ${sub ?? ""}`.trim());
  }
}

/** A user by numeric id or by name. @throws NotFound. */
function lookUp(db: Database, nameOrId: string): User {
  const user = (/^\d+$/.test(nameOrId) ? findUserById(db, Number(nameOrId)) : null) ?? findUserByName(db, nameOrId);
  if (!user) throw new NotFound(`no user ${nameOrId}`);
  return user;
}

/** The users API `data` of the given options; `--perm.X` flags apply over the user's (or the default) flags. */
function userData(db: Database, args: CliArgs, base?: User): Record<string, unknown> {
  const data: Record<string, unknown> = {};
  const perm = { ...(base?.perm ?? getUserDefaults(db).perm) };
  const sorting = { ...(base?.sorting ?? getUserDefaults(db).sorting) };
  let permChanged = false;
  let sortingChanged = false;
  for (const [name, value] of args.options) {
    if (name.startsWith("perm.")) {
      perm[name.slice(5) as keyof typeof perm] = value as boolean;
      permChanged = true;
    } else if (name.startsWith("sorting.")) {
      (sorting as Record<string, unknown>)[name.slice(8)] = value;
      sortingChanged = true;
    } else {
      data[name] = value;
    }
  }
  if (permChanged) data.perm = perm;
  if (sortingChanged) data.sorting = sorting;
  return data;
}

function json(value: unknown): string {
  return JSON.stringify(value, null, 2);
}
