import { hash, verify } from '@node-rs/argon2';

// argon2id (the package's default algorithm) with OWASP's second recommended parameter set.
const options = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export const hashPassword = (password: string) => hash(password, options);

export const verifyPassword = async (passwordHash: string, password: string) => {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
};

/** Verified against when the email is unknown, so both failures take the same time. */
let decoyHash: Promise<string> | undefined;
export const getDecoyHash = () => (decoyHash ??= hashPassword('decoy-password-never-valid'));
