export const PRODUCT_NAME = 'Leasing console';
