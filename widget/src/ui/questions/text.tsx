/** @jsxImportSource preact */
/**
 * The typed types, text, long-text and email: fields capped at the server's limit
 * for the type, with a characters-left counter. They take no comment box (the answer
 * is the place for a comment).
 */
import {
	LimitedField,
	titleOf,
	type QuestionComponent,
	type QuestionViewProps,
} from './shared';

function typed( multiline: boolean ): QuestionComponent {
	return ( { id, info, strings, draft, onChange }: QuestionViewProps ) => (
		<LimitedField
			id={ `${ id }-input` }
			multiline={ multiline }
			max={ info?.max_length }
			strings={ strings }
			field={ { 'aria-labelledby': titleOf( id ) } }
			value={ typeof draft.value === 'string' ? draft.value : '' }
			onInput={ ( value ) => onChange( { value } ) }
		/>
	);
}

export const Text = typed( false );

export const LongText = typed( true );

/**
 * An email field; with include_name, a first-name field before it (extra.name).
 *
 * @param props The question's props.
 */
export const Email: QuestionComponent = ( props: QuestionViewProps ) => {
	const { question, id, info, limits, strings, draft, onChange } = props;
	const withName = !! question.config?.include_name;
	const email = (
		<LimitedField
			id={ `${ id }-input` }
			max={ info?.max_length }
			strings={ strings }
			field={ {
				type: 'email',
				autoComplete: 'email',
				'aria-labelledby': withName ? `${ id }-email` : titleOf( id ),
			} }
			value={ typeof draft.value === 'string' ? draft.value : '' }
			onInput={ ( value ) => onChange( { value } ) }
		/>
	);
	if ( ! withName ) {
		return email;
	}
	return (
		<>
			<div className="uf-field">
				<label htmlFor={ `${ id }-name` }>{ strings.first_name }</label>
				<LimitedField
					id={ `${ id }-name` }
					max={ limits?.name_max }
					strings={ strings }
					field={ { autoComplete: 'given-name' } }
					value={ draft.name }
					onInput={ ( name ) => onChange( { name } ) }
				/>
			</div>
			<div className="uf-field">
				<label id={ `${ id }-email` } htmlFor={ `${ id }-input` }>
					{ strings.email }
				</label>
				{ email }
			</div>
		</>
	);
};
