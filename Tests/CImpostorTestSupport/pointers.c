#define _GNU_SOURCE
#include "ct_pointers.h"

#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

void cp_sink_heap(cp_sink_fn f, const uint8_t *bytes, size_t length) {
    uint8_t *block = malloc(length ? length : 1);
    memcpy(block, bytes, length);
    f(block, length);
    free(block);
}

void cp_sink_int_heap(cp_sink_int_fn f, const uint8_t *bytes, int32_t length) {
    uint8_t *block = malloc(length > 0 ? (size_t)length : 1);
    memcpy(block, bytes, (size_t)length);
    f(block, length);
    free(block);
}

int32_t cp_point_heap(cp_point_fn f, int32_t x, int32_t y) {
    cp_point *point = malloc(sizeof *point);
    point->x = x;
    point->y = y;
    int32_t result = f(point);
    free(point);
    return result;
}

int cp_write_through_cookie(cp_cookie_write_fn writer, const char *first, const char *second) {
    cookie_io_functions_t functions = {.read = NULL, .write = writer, .seek = NULL, .close = NULL};
    FILE *file = fopencookie(NULL, "w", functions);
    if (file == NULL) return -1;
    fputs(first, file);
    fflush(file);
    fputs(second, file);
    return fclose(file);
}

void cp_parse_element(cp_start_fn start, cp_characters_fn characters, const char *name, const char *text) {
    size_t name_length = strlen(name), text_length = strlen(text);
    // The document "<name>text</name>", with no NUL at its end.
    size_t document_length = 2 * name_length + text_length + 5;
    char *document = malloc(document_length);
    char *cursor = document;
    *cursor++ = '<';
    memcpy(cursor, name, name_length), cursor += name_length;
    *cursor++ = '>';
    char *text_start = cursor;
    memcpy(cursor, text, text_length), cursor += text_length;
    *cursor++ = '<', *cursor++ = '/';
    memcpy(cursor, name, name_length), cursor += name_length;
    *cursor++ = '>';
    unsigned char *element = malloc(name_length + 1);
    memcpy(element, name, name_length + 1);
    start(NULL, element, NULL);
    characters(NULL, (const unsigned char *)text_start, (int)text_length);
    free(element);
    free(document);
}

size_t cp_deliver_body(cp_curl_write_fn f, const char *text, size_t chunk) {
    size_t length = strlen(text), total = 0;
    for (size_t offset = 0; offset < length; offset += chunk) {
        size_t size = length - offset < chunk ? length - offset : chunk;
        char *block = malloc(size);
        memcpy(block, text + offset, size);
        total += f(block, 1, size, NULL);
        free(block);
    }
    return total;
}

int cp_walk(const char *directory, cp_walk_fn f) { return nftw(directory, f, 4, FTW_PHYS); }

int cp_make_tree(char *path) {
    strcpy(path, "/tmp/impostor-walk-XXXXXX");
    if (mkdtemp(path) == NULL) return -1;
    char file[96];
    snprintf(file, sizeof file, "%s/note.txt", path);
    FILE *note = fopen(file, "w");
    if (note == NULL) return -1;
    fputs("hello", note);
    fclose(note);
    return 0;
}

void cp_remove_tree(const char *path) {
    char file[96];
    snprintf(file, sizeof file, "%s/note.txt", path);
    unlink(file);
    rmdir(path);
}
