-- The size of a heatmap page's screenshot, so that the viewer reserves its place before the image
-- loads. Rows stored before this migration are filled from their file when first read
-- (heatmaps.service withScreenshotSize): SQL cannot read the file store.
ALTER TABLE "heatmaps" ADD COLUMN "screenshot_width" integer;--> statement-breakpoint
ALTER TABLE "heatmaps" ADD COLUMN "screenshot_height" integer;