/** Most combinations one generate or bulk call creates; a bigger matrix is refused with a 422. */
export const MAX_VARIANT_MATRIX = 1_000;

/** Number of combinations of the axes, without building them. */
export function matrixSize(axes: readonly (readonly unknown[])[]): number {
  return axes.length === 0 ? 0 : axes.reduce((size, axis) => size * axis.length, 1);
}

/** Every combination taking one element of each axis, in axis order. */
export function cartesian<T>(axes: readonly (readonly T[])[]): T[][] {
  return axes.reduce<T[][]>(
    (combinations, axis) => combinations.flatMap((combination) => axis.map((item) => [...combination, item])),
    [[]],
  );
}

/** The identity of a combination: its option value ids, sorted, so axis order does not matter. */
export const optionKey = (valueIds: readonly string[]): string => [...valueIds].sort().join(",");
