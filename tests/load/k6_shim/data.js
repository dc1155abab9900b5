// A stand-in for k6's `k6/data`: a SharedArray is the array its function returns.
export class SharedArray extends Array {
  constructor(_name, make) {
    super();
    this.push(...make());
  }
}
export default { SharedArray };
