import { availableParallelism } from "node:os";
import { hashPassword, verifyPassword } from "better-auth/crypto";
import pLimit from "p-limit";

/** libuv's thread pool: 4 threads unless `UV_THREADPOOL_SIZE` says otherwise. */
const THREAD_POOL_SIZE = Number(process.env.UV_THREADPOOL_SIZE) || 4;

/**
 * scrypt runs on libuv's thread pool, which the mail outbox, every other
 * file operation and DNS share. A burst of sign-ups queued all at once
 * would keep them waiting until the last hash is done, and answer nobody
 * before then. So at most one scrypt per core runs at a time, always
 * leaving a thread free; the rest wait their turn, first come first served,
 * and the first person in the burst is answered first.
 */
export const SCRYPT_AT_ONCE = Math.max(1, Math.min(availableParallelism(), THREAD_POOL_SIZE - 1));

const scryptTurn = pLimit(SCRYPT_AT_ONCE);

export const hashPasswordInTurn = (password: string) => scryptTurn(() => hashPassword(password));

export const verifyPasswordInTurn = (data: { hash: string; password: string }) =>
  scryptTurn(() => verifyPassword(data));
