/**
 * The first of places 0…length-1 where `comesBefore` is false, found by halving: `comesBefore`
 * must hold for a leading run of places and for none after it (a sorted order's "less than").
 */
export function lowerBound(length: number, comesBefore: (at: number) => boolean): number {
  let low = 0;
  let high = length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (comesBefore(middle)) low = middle + 1;
    else high = middle;
  }
  return low;
}
