import { afterAll, describe, expect, it } from "bun:test";
import { configurePasswords, hashPassword, verifyPassword } from "../../../src/server/auth/password";
import { PASSWORD_MEMORY_KIB } from "../../../src/server/config/flags";

afterAll(() => configurePasswords({ passwordMemoryKib: PASSWORD_MEMORY_KIB }));

describe("password hashes", () => {
  it("are argon2id with 64 MiB by default, and with the configured memory once it is set", async () => {
    configurePasswords({ passwordMemoryKib: PASSWORD_MEMORY_KIB });
    const strong = await hashPassword("right one");
    expect(strong).toMatch(/^\$argon2id\$v=19\$m=65536,t=2,p=1\$/);
    configurePasswords({ passwordMemoryKib: 1024 });
    const light = await hashPassword("right one");
    expect(light).toMatch(/^\$argon2id\$v=19\$m=1024,t=2,p=1\$/);
    // A check reads the cost from the hash: hashes made before the change keep working, and wrong passwords fail.
    for (const hash of [strong, light]) {
      expect(await verifyPassword("right one", hash)).toBe(true);
      expect(await verifyPassword("wrong one", hash)).toBe(false);
    }
  });
});
