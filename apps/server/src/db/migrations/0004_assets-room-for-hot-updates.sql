-- Room on each page for a changed row's new version: a change to no indexed column (view counts,
-- comments, notes) is then a HOT update, which writes none of the asset's dozen index entries (nor
-- the GIN entry of every chosen option). Pages written from now on keep 10% free.
ALTER TABLE "assets" SET (fillfactor = 90);
