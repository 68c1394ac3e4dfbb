/** The product's name, one spelling everywhere: the web header and title, the API's title, every PDF it issues. */
export const PRODUCT_NAME = '跨境电商融资服务平台';
