export { ResponsesList } from './ResponsesList';
export { SingleResponse } from './SingleResponse';
