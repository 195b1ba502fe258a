/**
 * Hidden fields: named values the widget takes from the visitor's page (a URL query
 * parameter, a cookie, or the JavaScript API's attributes) and stores with each response.
 * The rules (how many, the name and key patterns) are the server's
 * (Responses\HiddenFields), read from the boot config; the checks here say the same
 * before a save, and the server's field errors show under the same inputs after one.
 * Adding fields needs the hidden_fields feature; a survey keeps the ones it has until a
 * save strips them.
 */
import {
	Button,
	Card,
	CardBody,
	CardHeader,
	SelectControl,
	TextControl,
} from '@wordpress/components';
import { __, sprintf } from '@wordpress/i18n';

import { useConfig } from '../../../../shared/context';
import { useFeature } from '../../../../shared/gating';
import type { HiddenField, HiddenFieldRules } from '../../../../shared/types';
import { GatePrompt } from './GatePrompt';

import './hiddenFields.scss';

type Source = HiddenField[ 'source' ];

function sourceLabel( source: Source ): string {
	switch ( source ) {
		case 'cookie':
			return __( 'Cookie', 'userfeedback' );
		case 'attribute':
			return __( 'JavaScript attribute', 'userfeedback' );
		default:
			return __( 'URL query parameter', 'userfeedback' );
	}
}

function keyLabel( source: Source ): string {
	switch ( source ) {
		case 'cookie':
			return __( 'Cookie name', 'userfeedback' );
		case 'attribute':
			return __( 'Attribute name', 'userfeedback' );
		default:
			return __( 'Parameter name', 'userfeedback' );
	}
}

/**
 * @param pattern A JSON-schema pattern from the server.
 * @return It as a RegExp, or null when it is missing or does not compile.
 */
function regExp( pattern: string | undefined ): RegExp | null {
	if ( ! pattern ) {
		return null;
	}
	try {
		return new RegExp( pattern );
	} catch {
		return null;
	}
}

/**
 * The list's errors in the server's rules, keyed as the server keys them under settings
 * ('hidden_fields.2.name').
 *
 * @param fields The survey's hidden fields.
 * @param rules  The server's rules (boot config hidden_fields).
 */
export function hiddenFieldErrors(
	fields: HiddenField[],
	rules: HiddenFieldRules | undefined
): Record< string, string > {
	const errors: Record< string, string > = {};
	const name = regExp( rules?.name_pattern );
	const key = regExp( rules?.key_pattern );
	const seen = new Set< string >();
	fields.forEach( ( field, index ) => {
		if ( field.name === '' ) {
			errors[ `hidden_fields.${ index }.name` ] = __(
				'Enter a name.',
				'userfeedback'
			);
		} else if ( name && ! name.test( field.name ) ) {
			errors[ `hidden_fields.${ index }.name` ] = sprintf(
				/* translators: %d: most characters of a hidden field's name. */
				__(
					'Use lower-case letters, digits and _ only, starting with a letter (at most %d).',
					'userfeedback'
				),
				rules?.name_max ?? 0
			);
		} else if ( seen.has( field.name ) ) {
			errors[ `hidden_fields.${ index }.name` ] = sprintf(
				/* translators: %s: a hidden field's name. */
				__(
					'Another hidden field is already named "%s": each name must be unique in the survey.',
					'userfeedback'
				),
				field.name
			);
		}
		seen.add( field.name );
		if ( field.key === '' ) {
			errors[ `hidden_fields.${ index }.key` ] = __(
				'Enter the name to read.',
				'userfeedback'
			);
		} else if ( key && ! key.test( field.key ) ) {
			errors[ `hidden_fields.${ index }.key` ] = sprintf(
				/* translators: %d: most characters of the name a hidden field reads. */
				__(
					'Use letters, digits and _ . - [ ] only (at most %d).',
					'userfeedback'
				),
				rules?.key_max ?? 0
			);
		}
	} );
	if ( rules && fields.length > rules.max ) {
		errors.hidden_fields = sprintf(
			/* translators: %d: most hidden fields a survey may have. */
			__( 'A survey can have at most %d hidden fields.', 'userfeedback' ),
			rules.max
		);
	}
	return errors;
}

/**
 * A name for a new field that no field has yet: field_1, field_2...
 *
 * @param fields The survey's hidden fields.
 */
function freeName( fields: HiddenField[] ): string {
	let n = fields.length + 1;
	while ( fields.some( ( field ) => field.name === `field_${ n }` ) ) {
		n++;
	}
	return `field_${ n }`;
}

function FieldError( { id, text }: { id: string; text?: string } ) {
	return text ? (
		<p id={ id } className="userfeedback-field-error" role="alert">
			{ text }
		</p>
	) : null;
}

/**
 * @param props          Component props.
 * @param props.fields   settings.hidden_fields.
 * @param props.errors   The server's field errors of the settings ('hidden_fields.0.name').
 * @param props.onChange Called with the new list.
 */
export function HiddenFieldsCard( {
	fields,
	errors = {},
	onChange,
}: {
	fields: HiddenField[];
	errors?: Record< string, string >;
	onChange: ( next: HiddenField[] ) => void;
} ) {
	const gate = useFeature( 'hidden_fields' );
	const rules = useConfig().hidden_fields;
	const local = hiddenFieldErrors( fields, rules );
	const all = { ...errors, ...local };
	const max = rules?.max ?? Infinity;
	const sources: Source[] = rules?.sources ?? [
		'query',
		'cookie',
		'attribute',
	];

	const update = ( index: number, next: Partial< HiddenField > ) =>
		onChange(
			fields.map( ( field, i ) =>
				i === index ? { ...field, ...next } : field
			)
		);

	return (
		<Card className="userfeedback-builder-card userfeedback-hidden-fields">
			<CardHeader>
				<h3 className="userfeedback-builder-card__title">
					{ __( 'Hidden fields', 'userfeedback' ) }
				</h3>
			</CardHeader>
			<CardBody>
				<GatePrompt gate={ gate } />
				<p className="components-base-control__help">
					{ __(
						'Record values from the visitor’s page with each response, such as the plan of a link to your survey page: a field named plan that reads the URL query parameter plan stores “pro” for example.com/pricing/?plan=pro. Fields are shown with the response and exported as columns.',
						'userfeedback'
					) }
				</p>
				{ fields.length > 0 && (
					<ul className="userfeedback-hidden-fields__list">
						{ fields.map( ( field, index ) => {
							const nameId = `uf-hidden-field-${ index }-name-error`;
							const keyId = `uf-hidden-field-${ index }-key-error`;
							const nameError =
								all[ `hidden_fields.${ index }.name` ];
							const keyError =
								all[ `hidden_fields.${ index }.key` ] ??
								all[ `hidden_fields.${ index }.source` ];
							return (
								<li
									key={ index }
									className="userfeedback-hidden-fields__row"
								>
									<div className="userfeedback-hidden-fields__inputs">
										<div>
											<TextControl
												__nextHasNoMarginBottom
												__next40pxDefaultSize
												label={ sprintf(
													/* translators: %d: position of the hidden field. */
													__(
														'Name of field %d',
														'userfeedback'
													),
													index + 1
												) }
												value={ field.name }
												maxLength={ rules?.name_max }
												aria-invalid={
													nameError ? true : undefined
												}
												aria-describedby={
													nameError
														? nameId
														: undefined
												}
												onChange={ ( name ) =>
													// The key follows the name until it is set apart.
													update( index, {
														name,
														...( field.key ===
														field.name
															? { key: name }
															: {} ),
													} )
												}
											/>
											<FieldError
												id={ nameId }
												text={ nameError }
											/>
										</div>
										<SelectControl
											__nextHasNoMarginBottom
											__next40pxDefaultSize
											label={ sprintf(
												/* translators: %d: position of the hidden field. */
												__(
													'Source of field %d',
													'userfeedback'
												),
												index + 1
											) }
											value={ field.source }
											options={ sources.map(
												( source ) => ( {
													value: source,
													label: sourceLabel(
														source
													),
												} )
											) }
											onChange={ ( source ) =>
												update( index, {
													source: source as Source,
												} )
											}
										/>
										<div>
											<TextControl
												__nextHasNoMarginBottom
												__next40pxDefaultSize
												label={ sprintf(
													/* translators: 1: what the field reads (Parameter name, Cookie name, Attribute name), 2: position of the hidden field. */
													__(
														'%1$s of field %2$d',
														'userfeedback'
													),
													keyLabel( field.source ),
													index + 1
												) }
												value={ field.key }
												maxLength={ rules?.key_max }
												aria-invalid={
													keyError ? true : undefined
												}
												aria-describedby={
													keyError ? keyId : undefined
												}
												onChange={ ( key ) =>
													update( index, { key } )
												}
											/>
											<FieldError
												id={ keyId }
												text={ keyError }
											/>
										</div>
									</div>
									<Button
										variant="tertiary"
										isDestructive
										size="compact"
										label={ sprintf(
											/* translators: %s: a hidden field's name. */
											__(
												'Remove hidden field %s',
												'userfeedback'
											),
											field.name || String( index + 1 )
										) }
										onClick={ () =>
											onChange(
												fields.filter(
													( _, i ) => i !== index
												)
											)
										}
									>
										{ __( 'Remove', 'userfeedback' ) }
									</Button>
								</li>
							);
						} ) }
					</ul>
				) }
				<FieldError
					id="uf-hidden-fields-error"
					text={ all.hidden_fields }
				/>
				<Button
					variant="secondary"
					disabled={ ! gate.allowed || fields.length >= max }
					accessibleWhenDisabled
					onClick={ () => {
						const name = freeName( fields );
						onChange( [
							...fields,
							{ name, source: 'query', key: name },
						] );
					} }
				>
					{ __( 'Add hidden field', 'userfeedback' ) }
				</Button>
				{ Number.isFinite( max ) && fields.length >= max && (
					<p className="components-base-control__help">
						{ sprintf(
							/* translators: %d: most hidden fields a survey may have. */
							__(
								'A survey can have at most %d hidden fields.',
								'userfeedback'
							),
							max
						) }
					</p>
				) }
			</CardBody>
		</Card>
	);
}
