/**
 * The few parts of @wordpress/blocks and @wordpress/block-editor the block's editor
 * script uses. Both are externalised by wp-scripts (window.wp.blocks,
 * window.wp.blockEditor: WordPress 6.6's own at run time), so only their types are
 * needed here, and these are written against what 6.6 ships.
 */
declare module '@wordpress/blocks' {
	import type { ComponentType } from 'react';

	export interface BlockEditProps< Attributes > {
		attributes: Attributes;
		setAttributes: ( next: Partial< Attributes > ) => void;
		isSelected: boolean;
		clientId: string;
	}

	export interface BlockSettings< Attributes > {
		edit: ComponentType< BlockEditProps< Attributes > >;
		save?: () => null;
	}

	/** With block.json's metadata: name, title, attributes, supports, textdomain... */
	export function registerBlockType< Attributes >(
		metadata: { name: string; [ key: string ]: unknown },
		settings: BlockSettings< Attributes >
	): unknown;
}

declare module '@wordpress/block-editor' {
	import type { ComponentType, ReactNode } from 'react';

	/** The wrapper's props (class, alignment, spacing, ref): spread on the outer element. */
	export function useBlockProps(
		props?: Record< string, unknown >
	): Record< string, unknown >;

	export const InspectorControls: ComponentType< {
		children?: ReactNode;
		group?: string;
	} >;
}
