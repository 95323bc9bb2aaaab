/** Helpers for the features' cache rules, built on the generated query keys. */

/** A key that matches every query of one operation, whatever its parameters. */
export const allOf = (key: readonly [{ _id: string }]) => [{ _id: key[0]._id }];

/** A successful answer in the contract's envelope, to store a record the server just sent. */
export function envelopeOf<T>(data: T) {
  return { isSuccess: true as const, data, errorMessages: [], errors: {}, successMessage: null };
}
