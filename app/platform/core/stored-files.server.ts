// Files stored beside a database write (studio images, order documents): the files go first, under keys nobody refers
// to yet, then the write. When the write throws or refuses (a stale version, a step not allowed), the files are
// deleted again, so a refused request leaves nothing behind; once the write is kept, nothing here removes them.
export type FileBatch = {
  /** Stores every file of the batch. */
  put(): Promise<unknown>;
  /** Deletes every file of the batch (a missing one is not an error). */
  remove(): Promise<unknown>;
};

export async function withStoredFiles<T>(files: FileBatch, write: () => Promise<{ kept: boolean; value: T }>): Promise<T> {
  await files.put();
  let outcome: { kept: boolean; value: T };
  try {
    outcome = await write();
  } catch (error) {
    await files.remove();
    throw error;
  }
  if (!outcome.kept) await files.remove();
  return outcome.value;
}
