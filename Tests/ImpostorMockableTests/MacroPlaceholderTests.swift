// Behaviour tests of @Mockable go in Macro*Tests.swift files here.
