/** Names shown in the shell; not translated (product and company names). */
export const APP_NAME = 'Fieldbook';
export const MAKER_NAME = 'Fieldbook';
export const MAKER_URL = 'https://fieldbook.example';
