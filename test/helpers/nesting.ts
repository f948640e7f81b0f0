/** Deeply nested JSON-RPC input, written as text (JSON.stringify of it would overflow the stack). */

/** A simulate_ruling call whose one attack nests `n` attacks in its action_step. */
export function deepSimulate(n: number, id = 2): string {
  return `{"jsonrpc":"2.0","id":${id},"method":"tools/call","params":{"name":"simulate_ruling","arguments":{"state":{"active_player":"A","players":{"A":{},"B":{}}},"actions":[${'{"type":"attack","action_step":['.repeat(n)}${']}'.repeat(n)}]}}}`;
}
