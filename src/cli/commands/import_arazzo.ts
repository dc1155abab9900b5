export function run(): Promise<number> {
  return Promise.resolve(3);
}
