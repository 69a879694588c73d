-- Custom SQL migration file, put your code below! --
-- docs/decisions/0078: the communities inside the rural FSA L0R are named by their own prefix (Beamsville
-- L0R 1B…, Binbrook L0R 1C…, Waterdown L0R 2H…), as the seed now writes them (L0R_COMMUNITIES in
-- src/features/service-area/postal-code.ts). An installation seeded before keeps every L0R code as
-- "Flamborough"; this adds the same rows to a branch that serves L0R as a whole and has none of them yet.
-- Nothing stops being served: L0R's own row stays for the codes not named.
UPDATE "branch_settings"
SET "served_prefixes" = "served_prefixes" || '[{"prefix":"L0R1B","area":"Beamsville"},{"prefix":"L0R1C","area":"Binbrook"},{"prefix":"L0R1H","area":"Carlisle"},{"prefix":"L0R1J","area":"Copetown"},{"prefix":"L0R1K","area":"Freelton"},{"prefix":"L0R1S","area":"Jordan Station"},{"prefix":"L0R1T","area":"Lynden"},{"prefix":"L0R1V","area":"Millgrove"},{"prefix":"L0R1W","area":"Mount Hope"},{"prefix":"L0R1X","area":"Rockton"},{"prefix":"L0R1Z","area":"Sheffield"},{"prefix":"L0R2A","area":"Smithville"},{"prefix":"L0R2B","area":"Troy"},{"prefix":"L0R2C","area":"Vineland"},{"prefix":"L0R2E","area":"Vineland Station"},{"prefix":"L0R2H","area":"Waterdown"},{"prefix":"L0R2J","area":"Wellandport"}]'::jsonb
WHERE "served_prefixes" @> '[{"prefix":"L0R"}]'::jsonb
  AND NOT "served_prefixes" @> '[{"prefix":"L0R1B"}]'::jsonb;
