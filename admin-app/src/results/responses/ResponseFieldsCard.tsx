/**
 * The single response screen's "Hidden fields" section: what the survey's hidden fields
 * (settings.hidden_fields) recorded with this response, in the survey's order, then any
 * stored value of a field the survey no longer lists.
 */
import { useId } from 'react';
import { __ } from '@wordpress/i18n';

import type { ResponseDetail } from '../../shared/types';

/**
 * The names to show: the survey's, then stored ones it no longer lists.
 *
 * @param detail The response and its survey.
 */
export function fieldNames( detail: ResponseDetail ): string[] {
	const listed = detail.survey.hidden_fields ?? [];
	const stored = Object.keys( detail.response.fields ?? {} );
	return [
		...listed,
		...stored.filter( ( name ) => ! listed.includes( name ) ),
	];
}

export function ResponseFieldsCard( { detail }: { detail: ResponseDetail } ) {
	const headingId = useId();
	const names = fieldNames( detail );
	if ( names.length === 0 ) {
		return null;
	}
	const fields = detail.response.fields ?? {};
	return (
		<section
			className="userfeedback-card userfeedback-response__fields"
			aria-labelledby={ headingId }
		>
			<h3 id={ headingId } className="userfeedback-card__title">
				{ __( 'Hidden fields', 'userfeedback' ) }
			</h3>
			<dl>
				{ names.map( ( name ) => (
					<div className="userfeedback-response__detail" key={ name }>
						<dt>{ name }</dt>
						<dd>
							{ fields[ name ] ?? (
								<span className="userfeedback-responses__skipped">
									{ __( 'No value', 'userfeedback' ) }
								</span>
							) }
						</dd>
					</div>
				) ) }
			</dl>
		</section>
	);
}
