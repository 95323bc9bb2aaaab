/**
 * The EAN check of the product form, for an answer while typing (the server checks again):
 * EAN-8, UPC-A or EAN-13 with the GS1 check digit (weights 3 and 1 from the right).
 */
export function isValidEan(code: string): boolean {
  if (!/^(\d{8}|\d{12}|\d{13})$/.test(code)) return false;
  let sum = 0;
  for (let i = 0; i < code.length - 1; i++) {
    const digit = Number(code[code.length - 2 - i]);
    sum += digit * (i % 2 === 0 ? 3 : 1);
  }
  return (10 - (sum % 10)) % 10 === Number(code[code.length - 1]);
}
