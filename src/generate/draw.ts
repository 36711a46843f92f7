import fc from 'fast-check';

/**
 * One value of an arbitrary, for example-based checks that need a realistic body and then set the
 * one field they are about. The value lands in the failure's curl line, so a failure can be redone.
 */
export function draw<T>(arbitrary: fc.Arbitrary<T>): T {
  const [value] = fc.sample(arbitrary, 1);
  if (value === undefined) throw new Error('draw: the arbitrary produced no value');
  return value;
}
