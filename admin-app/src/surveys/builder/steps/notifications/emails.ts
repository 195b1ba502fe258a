/**
 * Recipient lists: comma-separated addresses, checked by the admin's one list rule
 * (shared/emailList.ts, WordPress's is_email() and the server's splitting), so what
 * passes here passes on the server.
 */
import { isEmail, splitEmailList } from '../../../../shared/emailList';

export { isEmail };

/**
 * Splits a comma-separated list into the addresses that are valid and those that
 * are not. Blank items (",," or a trailing comma) are skipped.
 *
 * @param text What the user typed.
 */
export function parseEmailList( text: string ): {
	valid: string[];
	invalid: string[];
} {
	const valid: string[] = [];
	const invalid: string[] = [];
	for ( const email of splitEmailList( text ) ) {
		( isEmail( email ) ? valid : invalid ).push( email );
	}
	return { valid, invalid };
}
