export function helper() {
  return 1;
}
