/**
 * The Add Question dropdown. Advanced types open the upgrade dialog (Lite) or the
 * addon prompt (Pro without the question-types addon); NPS surveys cannot add.
 */
import {
	Button,
	Dropdown,
	Icon,
	MenuGroup,
	MenuItem,
} from '@wordpress/components';
import { __ } from '@wordpress/i18n';

import { useFeature } from '../../../../shared/gating';
import type { QuestionType } from '../../../../shared/types';
import { QUESTION_TYPE_ORDER, questionTypeLabel } from '../../labels';
import { isAdvancedType } from '../../rules';

export function AddQuestion( {
	disabled,
	onAdd,
}: {
	disabled: boolean;
	onAdd: ( type: QuestionType ) => void;
} ) {
	const advanced = useFeature( 'advanced_question_types' );
	return (
		<Dropdown
			className="userfeedback-add-question"
			popoverProps={ { placement: 'bottom-start' } }
			renderToggle={ ( { isOpen, onToggle } ) => (
				<Button
					variant="secondary"
					icon="plus"
					onClick={ onToggle }
					aria-expanded={ isOpen }
					aria-haspopup="menu"
					disabled={ disabled }
					__next40pxDefaultSize
				>
					{ __( 'Add Question', 'userfeedback' ) }
				</Button>
			) }
			renderContent={ ( { onClose } ) => (
				<MenuGroup label={ __( 'Question types', 'userfeedback' ) }>
					{ QUESTION_TYPE_ORDER.map( ( type ) => {
						const locked =
							isAdvancedType( type ) && ! advanced.allowed;
						return (
							<MenuItem
								key={ type }
								icon={
									locked ? <Icon icon="lock" /> : undefined
								}
								onClick={ () => {
									onClose();
									if (
										isAdvancedType( type ) &&
										! advanced.guard( 'add-question' )
									) {
										return;
									}
									onAdd( type );
								} }
							>
								{ questionTypeLabel( type ) }
							</MenuItem>
						);
					} ) }
				</MenuGroup>
			) }
		/>
	);
}
