/**
 * Leaves the app for another site (the payment provider's checkout or portal). An object, so tests
 * can watch where the app would go without a browser navigation.
 */
export const leaveApp = {
  to(url: string) {
    window.location.assign(url);
  },
};
