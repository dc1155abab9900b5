// A stand-in for k6's `k6/execution`: run.js sets the iteration before each call.
const exec = { scenario: { iterationInTest: 0 } };
globalThis.__k6Exec = exec;
export default exec;
