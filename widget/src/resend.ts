/**
 * The lazy chunk the loader imports on a page view when localStorage's `uf_outbox` holds
 * writes a previous page could not send (see outbox.ts): making the page's outbox sends them.
 */
import { outbox } from './outbox';

outbox();
