/** Issue 38 §2 "Cart and invoice variants": the inputs and views of the calls around an order. */
export * from './order-inputs.ts';
export * from './order-views.ts';
