import { useId, useState, type FormEvent } from 'react';

/** WordPress's list-table search box: submitted with Enter or its button. */
export function SearchBox( {
	label,
	value,
	onSearch,
}: {
	/** Label of the box and its button, e.g. 'Search Surveys'. */
	label: string;
	value: string;
	onSearch: ( search: string ) => void;
} ) {
	const id = useId();
	const [ draft, setDraft ] = useState( value );
	const [ shown, setShown ] = useState( value );
	// Back/forward can change the view's search under the box: follow it.
	if ( shown !== value ) {
		setShown( value );
		setDraft( value );
	}

	const onSubmit = ( event: FormEvent ) => {
		event.preventDefault();
		onSearch( draft.trim() );
	};

	return (
		<form
			className="search-box userfeedback-table__search"
			role="search"
			onSubmit={ onSubmit }
		>
			<label className="screen-reader-text" htmlFor={ id }>
				{ label }
			</label>
			<input
				id={ id }
				type="search"
				value={ draft }
				onChange={ ( event ) => setDraft( event.target.value ) }
			/>{ ' ' }
			<button type="submit" className="button">
				{ label }
			</button>
		</form>
	);
}
