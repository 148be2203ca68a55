// The storage model: references, listings, list/listAll, the SDK-shaped API (issue 4).
