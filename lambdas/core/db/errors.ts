/** True for a failed condition on a single write or inside a transaction. */
export function isConditionalCheckFailed(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (error.name === 'ConditionalCheckFailedException') return true;
  return (
    error.name === 'TransactionCanceledException' &&
    cancellationReasons(error).includes('ConditionalCheckFailed')
  );
}

/** The per-item reasons of a cancelled transaction, in the order of its items ('None' where fine). */
export function cancellationReasons(error: unknown): string[] {
  const reasons = (error as { CancellationReasons?: { Code?: string }[] }).CancellationReasons;
  return (reasons ?? []).map((r) => r.Code ?? 'None');
}
