import { hash, verify } from '@node-rs/argon2';

/** argon2id with the library's defaults (19 MiB, 2 passes), as OWASP recommends. */
export const hashPassword = (password: string): Promise<string> => hash(password);

export async function verifyPassword(stored: string | null, password: string): Promise<boolean> {
  if (!stored) {
    // Same work as a real check, so timing does not tell accounts without a password apart.
    await hash(password);
    return false;
  }
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}
