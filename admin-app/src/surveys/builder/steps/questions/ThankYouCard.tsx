/**
 * What visitors see after the last question: a message, a redirect to a page, or a
 * redirect chosen by conditions on the answers.
 */
import { useEffect } from 'react';
import {
	Button,
	Notice,
	TextControl,
	TextareaControl,
} from '@wordpress/components';
import { __, sprintf } from '@wordpress/i18n';

import { useFeature } from '../../../../shared/gating';
import type {
	Question,
	RedirectCondition,
	SurveySettings,
} from '../../../../shared/types';
import { ConditionFields } from '../../components/ConditionFields';
import { FeatureNotice } from '../../components/FeatureNotice';
import { PageSearch } from '../../components/PageSearch';
import { surveyLimits } from '../../../../shared/questionTypes';
import { newRedirectCondition } from '../../../../shared/surveyDefaults';
import {
	canRemoveRedirectRow,
	setRedirectComparator,
	setRedirectQuestion,
	setThankYouType,
	thankYouMessage,
} from '../../rules';
import { useBuilderStore } from '../../store';

type ThankYou = SurveySettings[ 'thank_you' ];

export function ThankYouCard( {
	thankYou,
	questions,
}: {
	thankYou: ThankYou;
	questions: Question[];
} ) {
	const messageGate = useFeature( 'thank_you_message' );
	const redirectGate = useFeature( 'thank_you_redirect' );
	const set = ( patch: Partial< ThankYou > ) =>
		useBuilderStore.getState().updateSettings( ( settings ) => ( {
			...settings,
			thank_you: { ...settings.thank_you, ...patch },
		} ) );

	const needsRow =
		thankYou.type === 'conditional_redirect' &&
		thankYou.conditions.length === 0 &&
		questions.length > 0;
	const firstId = questions[ 0 ]?.id ?? null;
	useEffect( () => {
		// The first row of a conditional redirect is added for the user.
		if ( needsRow ) {
			useBuilderStore.getState().updateSettings( ( settings ) => ( {
				...settings,
				thank_you: {
					...settings.thank_you,
					conditions: [ newRedirectCondition( firstId ) ],
				},
			} ) );
		}
	}, [ needsRow, firstId ] );

	const types: Array< {
		value: ThankYou[ 'type' ];
		label: string;
		disabled: boolean;
	} > = [
		{
			value: 'message',
			label: __( 'Show a message', 'userfeedback' ),
			disabled: false,
		},
		{
			value: 'redirect',
			label: __( 'Redirect to a page', 'userfeedback' ),
			disabled: ! redirectGate.allowed,
		},
		{
			value: 'conditional_redirect',
			label: __( 'Conditional redirect', 'userfeedback' ),
			disabled: ! redirectGate.allowed || questions.length === 0,
		},
	];

	const setRow = ( index: number, row: RedirectCondition ) =>
		set( {
			conditions: thankYou.conditions.map( ( r, i ) =>
				i === index ? row : r
			),
		} );

	return (
		<section
			className="userfeedback-card userfeedback-thank-you"
			aria-labelledby="userfeedback-thank-you-title"
		>
			<h3 id="userfeedback-thank-you-title">
				{ __( 'Thank You Message', 'userfeedback' ) }
			</h3>
			<fieldset className="userfeedback-radio-group">
				<legend>
					{ __( 'After the last question', 'userfeedback' ) }
				</legend>
				{ types.map( ( type ) => (
					<label key={ type.value }>
						<input
							type="radio"
							name="userfeedback-thank-you-type"
							value={ type.value }
							checked={ thankYou.type === type.value }
							disabled={ type.disabled }
							onChange={ () =>
								set(
									setThankYouType(
										thankYou,
										type.value,
										questions
									)
								)
							}
						/>
						{ type.label }
					</label>
				) ) }
			</fieldset>
			<FeatureNotice gate={ redirectGate } medium="thank-you-redirect" />

			{ thankYou.type === 'message' && (
				<div
					className={ `userfeedback-locked-field${
						messageGate.allowed ? '' : ' is-locked'
					}` }
				>
					<TextareaControl
						__nextHasNoMarginBottom
						label={ __( 'Message', 'userfeedback' ) }
						value={ thankYou.message }
						maxLength={ surveyLimits().message_max }
						disabled={ ! messageGate.allowed }
						onChange={ ( message ) => set( { message } ) }
						onBlur={ () =>
							set( {
								message: thankYouMessage( thankYou.message ),
							} )
						}
					/>
					{ ! messageGate.allowed && (
						<div className="userfeedback-locked-field__overlay">
							<Button
								variant="primary"
								onClick={ () =>
									messageGate.guard( 'thank-you-message' )
								}
							>
								{ __(
									'Upgrade to edit the message',
									'userfeedback'
								) }
							</Button>
						</div>
					) }
				</div>
			) }

			{ thankYou.type === 'redirect' && (
				<div className="userfeedback-redirect">
					<PageSearch
						label={ __( 'Redirect to page', 'userfeedback' ) }
						selected={ thankYou.redirect_to }
						onSelect={ ( page ) => set( { redirect_to: page } ) }
					/>
					<TextControl
						__nextHasNoMarginBottom
						type="url"
						label={ __( 'Or redirect to a URL', 'userfeedback' ) }
						value={ thankYou.redirect_url }
						onChange={ ( url ) => set( { redirect_url: url } ) }
					/>
				</div>
			) }

			{ thankYou.type === 'conditional_redirect' && (
				<div className="userfeedback-redirect-rows">
					{ questions.length === 0 && (
						<Notice status="info" isDismissible={ false }>
							{ __(
								'Add a question to redirect by its answer.',
								'userfeedback'
							) }
						</Notice>
					) }
					<ol>
						{ thankYou.conditions.map( ( row, index ) => (
							<li
								key={ index }
								className="userfeedback-redirect-row"
								aria-label={ sprintf(
									/* translators: %d: rule number. */
									__( 'Redirect rule %d', 'userfeedback' ),
									index + 1
								) }
							>
								<ConditionFields
									subjects={ questions }
									questionId={ row.question }
									compare={ row.condition_type }
									value={ row.condition }
									onQuestion={ ( id ) =>
										setRow(
											index,
											setRedirectQuestion( row, id )
										)
									}
									onCompare={ ( compare ) =>
										setRow(
											index,
											setRedirectComparator(
												row,
												compare
											)
										)
									}
									onValue={ ( condition ) =>
										setRow( index, { ...row, condition } )
									}
								/>
								<PageSearch
									label={ __(
										'Redirect to page',
										'userfeedback'
									) }
									selected={ row.page }
									onSelect={ ( page ) =>
										setRow( index, { ...row, page } )
									}
								/>
								{ canRemoveRedirectRow(
									thankYou.conditions
								) && (
									<Button
										variant="tertiary"
										isDestructive
										onClick={ () =>
											set( {
												conditions:
													thankYou.conditions.filter(
														( _, i ) => i !== index
													),
											} )
										}
									>
										{ sprintf(
											/* translators: %d: rule number. */
											__(
												'Remove rule %d',
												'userfeedback'
											),
											index + 1
										) }
									</Button>
								) }
							</li>
						) ) }
					</ol>
					<Button
						variant="secondary"
						disabled={
							questions.length === 0 ||
							thankYou.conditions.length >=
								surveyLimits().max_conditions
						}
						onClick={ () =>
							set( {
								conditions: [
									...thankYou.conditions,
									newRedirectCondition( firstId ),
								],
							} )
						}
					>
						{ __( 'Add Rule', 'userfeedback' ) }
					</Button>
				</div>
			) }
		</section>
	);
}
